// Set-up of the web project's component tests: each test renders into a clean document.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());
