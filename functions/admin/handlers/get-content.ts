import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { contentOverview } from '../service/content';
import { contentOverviewView } from '../content-views';

export const handler = adminRoute({}, async () => success(contentOverviewView(await contentOverview())));
