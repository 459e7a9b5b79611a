/** The fraud rules' linkage flags (docs/risk.md) in operator words: none shows nothing. */
export function LinkageFlags({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className="review-flags" aria-label="Linkage flags">
      {flags.map((flag) => (
        <li key={flag} className="notice notice-warn">
          {flag}
        </li>
      ))}
    </ul>
  );
}
