import { useEffect, useState } from 'react';

/**
 * False for a component's first render, true once the browser has painted it: for what may come a
 * moment after the rest (and whose code need not hold the first paint back).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // The frame's callback runs just before the paint; a task queued from it, just after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
