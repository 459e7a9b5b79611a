import { httpHandler, success } from '../../shared/http';
import { siteSettings } from '../service';
import { siteSettingsView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success(siteSettingsView(await siteSettings())));
