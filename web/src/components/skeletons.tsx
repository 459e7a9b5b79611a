/** `count` grey placeholders shaped by `className` while a list loads (sized as the cards they stand for, so nothing moves). */
export function Skeletons({ count, className }: { count: number; className: string }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place, and never reorder.
  return Array.from({ length: count }, (_, i) => <div key={i} className={className} />);
}
