import { idField, optionalSecret, optionalText, wholeTaka } from '../shared/validation';

/**
 * The order payload of spec §3 as it arrives; which account fields are required depends on the
 * plan's group, so the service checks those with the form's messages once it knows the plan.
 */
export const orderPayload = {
  plan_id: idField('plan'),
  saccount_type: optionalText(40),
  saccount_id: optionalText(200),
  saccount_password: optionalSecret(200),
  backup_code: optionalText(100),
};

export const accountFields = (body: {
  saccount_type?: string;
  saccount_id?: string;
  saccount_password?: string;
  backup_code?: string;
}) => ({
  saccount_type: body.saccount_type,
  saccount_id: body.saccount_id,
  saccount_password: body.saccount_password,
  backup_code: body.backup_code,
});

export const priceField = wholeTaka('Price');
