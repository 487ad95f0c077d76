// Shared layout of home, ecosystems and market reports (spec §2 "Shared layout").
import { Outlet } from "react-router";

export default function Shell() {
  return <Outlet />;
}
