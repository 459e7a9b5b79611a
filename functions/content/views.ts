import type { BannerEvent } from './repo';

/** The contract's event: `{image, ename, description}`. */
export const eventView = (event: BannerEvent) => ({ image: event.image, ename: event.name, description: event.description });
