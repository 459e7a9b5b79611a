/** The shop's closed message, at the top of a page that sells. */
export function ShopClosedNotice({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div className="container">
      <p className="notice notice-danger shop-closed" role="alert">
        {message}
      </p>
    </div>
  );
}
