/**
 * Static shop facts shown in the chrome (its words, the tagline and the support hours, are in the
 * shell's catalogs); contact links that change live in the site settings.
 */
export const site = {
  name: 'TopUp Bazar',
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

/**
 * The page carousel of spec §9: 4 cards, 3 below 1200 px, 2 below 992 px, 1 below 767 px;
 * autoplay with 1000 ms slides (the pause between them is the common 3 s default).
 */
export const pageCarousel = {
  slides: 4,
  breakpoints: [
    { below: 1200, slides: 3 },
    { below: 992, slides: 2 },
    { below: 767, slides: 1 },
  ],
  autoplay: true,
  speedMs: 1000,
  autoplayIntervalMs: 3000,
} as const;

/** Contact details shown on the contact page. */
export const contact = {
  email: 'support@topupbazar.com.bd',
  address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
};

/** Delivery estimate shown on top-up pages (spec §9). */
export const topUpDeliveryEstimate = '5-10min';
