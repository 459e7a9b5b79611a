/** Static shop facts shown in the chrome; contact links that change live in the site settings. */
export const site = {
  name: 'TopUp Bazar',
  tagline: 'Game top-ups and gift cards in taka',
  supportHours: '9AM - 11PM',
  copyrightYear: 2024,
};

/** Toasts as spec §9 fixes them. */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  theme: 'light',
  draggable: true,
  draggablePercent: 80,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const;

/** How long a lazily loaded page may take before it counts as failed (spec §8). */
export const chunkLoadTimeoutMs = 120_000;
