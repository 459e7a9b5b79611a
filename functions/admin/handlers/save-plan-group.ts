import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { boundedInt, idField, requiredText } from '../../shared/validation';
import { imageField, optionalId, positionField } from '../input';
import { savePlanGroup } from '../service/catalog';
import { adminPlanGroupView } from '../views';

const digits = v.optional(boundedInt(1, 30, 'Player ID digits must be a whole number from 1 to 30'));

const body = v.pipe(
  v.object({
    id: optionalId,
    master_category: idField('game'),
    cname: requiredText('Name is required', 80),
    image: imageField('Image'),
    position: positionField,
    /** A UID group's player-ID format; both or neither. */
    player_id_min_digits: digits,
    player_id_max_digits: digits,
  }),
  v.forward(
    v.check(
      (form) =>
        (form.player_id_min_digits === undefined) === (form.player_id_max_digits === undefined) &&
        (form.player_id_min_digits ?? 0) <= (form.player_id_max_digits ?? 0),
      'Give both the least and the most digits of a player ID, the least not above the most',
    ),
    ['player_id_max_digits'],
  ),
);

export const handler = adminRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const playerIdFormat =
    form.player_id_min_digits !== undefined ? { minDigits: form.player_id_min_digits, maxDigits: form.player_id_max_digits! } : undefined;
  const group = await savePlanGroup(user, {
    id: form.id,
    masterCategoryId: form.master_category,
    name: form.cname,
    image: form.image,
    position: form.position,
    playerIdFormat,
  });
  return success(adminPlanGroupView(group), 'Saved');
});
