import { httpHandler, success } from '../../shared/http';
import { siteSettings } from '../service';
import { redeemLinkView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success(redeemLinkView(await siteSettings())));
