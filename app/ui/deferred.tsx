import { memo, Suspense, use, useCallback, useEffect, useRef } from "react";

/**
 * A part of a page whose code the browser fetches only when the visitor comes near it.
 *
 * The server renders it in full, so crawlers and visitors without JavaScript get all of it. In
 * the browser the server's HTML stays in place, readable, while its code is not there: React
 * takes that part over once the code has arrived. The code is fetched when the part comes within
 * `margin` of the viewport, at the visitor's first touch, click, key or focus, or when they point
 * at a link to an #anchor (it may lie inside): a navigation that reaches the part waits for its
 * code, so it must be on its way before any navigation starts. Whenever React has to show the part without the server's HTML (after a
 * navigation, or an update reaching it before its code), the code is fetched at once, and the
 * address's #anchor, if it lies inside, is scrolled to when the part shows. The part's box gets
 * `data-hydrated` once its code runs.
 *
 * The returned component is memoised: give it stable props.
 */
export function deferred<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  margin = "1000px",
) {
  let component: React.ComponentType<P> | undefined;
  let request!: () => void;
  const requested = new Promise<void>((resolve) => {
    request = resolve;
  });
  const loaded = requested.then(load);
  loaded.then((loadedComponent) => {
    component = loadedComponent;
    // Marked as React marks a promise it has seen settle: use() then reads it without suspending.
    Object.assign(loaded, { status: "fulfilled", value: loadedComponent });
  });
  // The server needs it for every page it renders: load it with the page's own module.
  if (import.meta.env.SSR) request();

  function Loaded({ props, onShow }: { props: P; onShow: () => void }) {
    // Always called, never conditionally: React replays a component that suspended in use().
    const Component = use(loaded);
    useEffect(onShow, [onShow]);
    return <Component {...props} />;
  }

  function LoadNow({ onMount }: { onMount: () => void }) {
    useEffect(onMount, [onMount]);
    return null;
  }

  function Deferred(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const renderedHere = useRef(false);
    useEffect(() => {
      const element = box.current;
      if (component || !element || typeof IntersectionObserver === "undefined") return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) request();
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(element);
      // Any navigation on the page re-renders the part (its links follow the location), and React
      // holds a navigation back until a part it must update has its code: so the code is fetched
      // as soon as the visitor does anything, and on pointing at a link to an #anchor.
      const onIntent = (event: Event) => {
        if (event.type !== "pointerover") request();
        else if (event.target instanceof Element && event.target.closest('a[href*="#"]')) request();
      };
      const intents = ["pointerover", "pointerdown", "keydown", "focusin", "touchstart"] as const;
      for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
      loaded.then(() => observer.disconnect());
      return () => {
        observer.disconnect();
        for (const type of intents) document.removeEventListener(type, onIntent);
      };
    }, []);
    const fetchNow = useCallback(() => {
      renderedHere.current = true;
      request();
    }, []);
    const shown = useCallback(() => {
      // Marked once React runs the part, as the root marks the document (tests wait for it).
      box.current?.setAttribute("data-hydrated", "");
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!renderedHere.current || !id) return;
      box.current?.querySelector(`#${CSS.escape(id)}`)?.scrollIntoView();
    }, []);
    return (
      <div ref={box}>
        <Suspense fallback={<LoadNow onMount={fetchNow} />}>
          <Loaded props={props} onShow={shown} />
        </Suspense>
      </div>
    );
  }
  return memo(Deferred);
}
