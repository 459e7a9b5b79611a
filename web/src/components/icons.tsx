/** Small inline icons (no icon font, nothing to download). */
type IconProps = { size?: number };

const icon = (path: string) =>
  // biome-ignore lint/correctness/noComponentHookFactories: each icon is made once, at module load.
  function Icon({ size = 22 }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={path} />
      </svg>
    );
  };

export const HomeIcon = icon('M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10');
export const OrdersIcon = icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6');
export const CodesIcon = icon('M4 7h16v4a2 2 0 000 4v4H4v-4a2 2 0 000-4zM10 7v12');
export const UserIcon = icon('M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0');
export const LoginIcon = icon('M15 3h4v18h-4M10 17l5-5-5-5M15 12H3');
export const WalletIcon = icon('M3 7h15a3 3 0 013 3v7a3 3 0 01-3 3H3zM3 7l12-4v4M16 14h.01');
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M6 6l12 12M18 6L6 18');
export const ChevronDownIcon = icon('M6 9l6 6 6-6');
export const PhoneIcon = icon('M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2');
export const ChatIcon = icon('M21 12a8 8 0 01-12 7l-5 1 1-4a8 8 0 1116-4z');
export const AppStoreIcon = icon('M7 2h10a2 2 0 012 2v16a2 2 0 01-2 2H7a2 2 0 01-2-2V4a2 2 0 012-2zM11 18h2');
export const EyeIcon = icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z');
export const EyeOffIcon = icon(
  'M3 3l18 18M10.6 6.1A10 10 0 0112 6c6.5 0 10 6 10 6a17 17 0 01-3.2 3.9M6.3 7.4C3.6 9.2 2 12 2 12s3.5 6 10 6a9.7 9.7 0 004.2-.9M9.9 9.9a3 3 0 004.2 4.2',
);
export const ClockIcon = icon('M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2');
export const BoltIcon = icon('M13 2L4 14h7l-1 8 9-12h-7z');
export const PlayIcon = icon('M8 5v14l11-7z');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const MinusIcon = icon('M5 12h14');
export const MailIcon = icon('M3 6h18v12H3zM3 7l9 6 9-6');
export const MapPinIcon = icon('M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z');
export const CheckIcon = icon('M5 12l5 5L20 7');
export const ShieldIcon = icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4');
export const CoinIcon = icon('M12 21a9 9 0 100-18 9 9 0 000 18zM9 9h4.5a2 2 0 010 4H9m0-4v8m0-4h5');
