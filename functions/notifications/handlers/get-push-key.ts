import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import type { PushKey } from '../../contract/wire';
import { pushPublicKey } from '../service';

export const handler = publicRoute({}, async () => success({ public_key: await pushPublicKey() } satisfies PushKey));
