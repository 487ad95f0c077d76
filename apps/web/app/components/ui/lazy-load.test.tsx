// Lazy parts (docs/decisions/004-first-paint-first.md): the page is marked hydrated once each of
// them has mounted, or has left the page before its code came (a member's part for a visitor).
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyPart, lazyPartsMounted } from "./lazy-load.tsx";

afterEach(cleanup);

/** Whether `promise` has settled after the pending work of the page ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return done;
}

describe("lazyPart", () => {
  it("holds lazyPartsMounted until its code has come and it has mounted", async () => {
    let arrive: (part: () => React.ReactNode) => void = () => {};
    const Part = lazyPart(
      () => new Promise<() => React.ReactNode>((resolve) => (arrive = resolve)),
      () => <span>holding its place</span>,
    );
    render(<Part />);
    expect(screen.getByText("holding its place")).toBeTruthy();
    const waiting = lazyPartsMounted();
    expect(await settled(waiting)).toBe(false);
    arrive(() => <span>the part</span>);
    expect(await settled(waiting)).toBe(true);
    expect(screen.getByText("the part")).toBeTruthy();
  });

  it("no longer holds it once taken off the page before its code came", async () => {
    const Part = lazyPart(() => new Promise<() => React.ReactNode>(() => {}));
    const { rerender } = render(<div>{<Part />}</div>);
    const waiting = lazyPartsMounted();
    expect(await settled(waiting)).toBe(false);
    rerender(<div />);
    expect(await settled(waiting)).toBe(true);
  });
});
