import * as repo from './repo';

export type { BannerEvent } from './repo';

/** The home page's banner slides, in order. */
export function bannerEvents() {
  return repo.listEvents();
}
