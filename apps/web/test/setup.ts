// Set-up of the web project's component tests: each test renders into a clean document, and
// Testing Library's waits (`waitFor`, `findBy…`) give up after 5 s instead of 1 s: a limit on
// hanging, not a claim of speed, for a machine whose two cores run other suites beside these (a
// thread read on a later page failed its 1 s wait at a load average of 11).
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
