import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { revealOrderSecret } from '../service/orders';
import { revealedSecretView } from '../views';

export const handler = adminRoute({ params: idParams }, async ({ params, user }) =>
  success(revealedSecretView(await revealOrderSecret(user, params.id))),
);
