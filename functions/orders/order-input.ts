/** The game-account fields and promo code of an order payload (`placeOrderBody`, `gatewayOrderBody`), as the service takes them. */
export const accountFields = (body: {
  saccount_type?: string;
  saccount_id?: string;
  saccount_password?: string;
  backup_code?: string;
  coupan_code?: string;
}) => ({
  saccount_type: body.saccount_type,
  saccount_id: body.saccount_id,
  saccount_password: body.saccount_password,
  backup_code: body.backup_code,
  coupanCode: body.coupan_code,
});
