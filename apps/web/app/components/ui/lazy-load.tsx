// Parts of a page whose code is a chunk of its own, loaded when they first render
// (docs/decisions/004-first-paint-first.md): what lies below the fold, what only some readers see,
// and dialogs, so none of it is in the initial JavaScript of every page.
import {
  type ComponentType,
  type JSX,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from "react";

/** The lazy parts on the page whose code has not mounted yet, as promises that it has. */
const unmounted = new Set<Promise<void>>();

/**
 * Resolves once every lazy part on the page has mounted or left it: where the server rendered one, its
 * markup has then hydrated (root.tsx marks `<html data-hydrated>` after it). React hydrates each
 * Suspense boundary on its own, after the rest of the page.
 */
export async function lazyPartsMounted(): Promise<void> {
  await Promise.all(unmounted);
}

/** A promise that a part has mounted, and the call that settles it. */
function mountSignal(): { mounted: Promise<void>; onMount: () => void } {
  let onMount = () => {};
  const mounted = new Promise<void>((resolve) => (onMount = resolve));
  return { mounted, onMount };
}

/**
 * A component whose code `load` fetches when it first renders. The server renders it in full (the
 * whole page is rendered before it is sent, so the first render in a process waits for the module
 * once; it is not loaded at start-up: in the one server bundle that would import a module still
 * being evaluated). In the browser the server's markup
 * stays in place until the code has arrived, then hydrates, so nothing moves or disappears; where
 * the part first renders in the browser (after a client-side navigation, or for some readers
 * only), `fallback` of its props holds its place meanwhile.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): (props: P) => ReactNode {
  const Lazy = lazy(async () => {
    const Part = await load();
    return {
      default: function Mounted({ props, onMount }: { props: P; onMount: () => void }) {
        useEffect(() => onMount(), [onMount]);
        return <Part {...(props as P & JSX.IntrinsicAttributes)} />;
      },
    };
  });
  return function LazyPart(props: P) {
    const [{ mounted, onMount }] = useState(mountSignal);
    useEffect(() => {
      unmounted.add(mounted);
      void mounted.then(() => unmounted.delete(mounted));
      // A part taken off the page before its code came (a member's part once the reader is
      // known to be a visitor) no longer holds back those waiting for the page's parts.
      return onMount;
    }, [mounted, onMount]);
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy props={props} onMount={onMount} />
      </Suspense>
    );
  };
}

/**
 * A dialog loaded on demand: `Component` takes the dialog's own props and mounts it from its
 * first opening (`open` true) on, then for good, so it closes like any other; until then neither
 * its code nor its markup is part of the page (initial JavaScript and server render).
 * `preload` fetches its code ahead (for the opening button's pointer-enter and focus).
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: (props: P) => ReactNode; preload: () => void } {
  const Part = lazyPart(() => load().then((module) => module.default));
  function OnceOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return <Part {...props} />;
  }
  return { Component: OnceOpened, preload: () => void load() };
}
