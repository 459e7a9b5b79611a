/** The game an order tops up, with its icon (Free Fire and Mobile Legends both sell diamonds); its initial when it has none. */
export function OrderGame({ game, icon }: { game: string; icon: string }) {
  if (!game) return null;
  return (
    <span className="order-game">
      {icon ? (
        <img className="order-game-icon" src={icon} alt="" width={28} height={28} />
      ) : (
        <span className="order-game-icon" aria-hidden="true">
          {game.charAt(0)}
        </span>
      )}
      <strong>{game}</strong>
    </span>
  );
}
