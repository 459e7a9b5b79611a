import { type OrderAccountFields, isPlayerIdGroup, orderAccountProblems } from '@contract/rules';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useUser } from '../../lib/auth';
import { useSessionToken } from '../../lib/session';
import type { PlanGroup } from './api/get-plan-groups';
import { type Plan, usePlans } from './api/get-plans';
import type { PlanOrderInput } from './api/place-order';
import { priceNow } from '../promotions/sale-price';
import { walletCovers } from './order-rules';
import { type PaymentMode, lastPaymentMode, preselectedMode } from './pay-mode-memory';

export type AccountFields = Required<OrderAccountFields>;
export type AccountProblems = ReturnType<typeof orderAccountProblems>;

const emptyAccount: AccountFields = { saccount_type: '', saccount_id: '', saccount_password: '', backup_code: '' };

const asMode = (value: string | null): PaymentMode | undefined => (value === 'wallet' || value === 'gateway' ? value : undefined);

/**
 * What a shopper chooses on a plan group's order form: the account to top up, a pack of the
 * group and the payment mode (preselected: see pay-mode-memory), with what follows from them (the
 * balance, whether the wallet falls short). The pack, the mode and the player ID live in the URL
 * (?plan=, ?mode=, ?player=), so that a visitor sent to log in comes back to the same choice and
 * Buy again opens the form filled.
 */
export function useOrderChoice(group: PlanGroup) {
  const plans = usePlans(group.id);
  const signedIn = Boolean(useSessionToken());
  const { data: userInfo } = useUser();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const playerIdGroup = isPlayerIdGroup(group.cname);
  const [fields, setFields] = useState<AccountFields>(() => ({
    ...emptyAccount,
    saccount_id: playerIdGroup ? (search.get('player') ?? '') : '',
  }));
  const [problems, setProblems] = useState<AccountProblems>({});
  const [lastMode] = useState(lastPaymentMode);

  const planId = search.get('plan');
  const plan = plans.data?.find((candidate) => candidate.plans_id === planId && candidate.status === 1);
  const balance = Math.trunc(Number(userInfo?.wallet_balance ?? 0));
  const walletFits = !signedIn ? false : plan && userInfo ? walletCovers(priceNow(plan), balance) : undefined;
  const mode = asMode(search.get('mode')) ?? preselectedMode(lastMode, walletFits);
  const walletShort = signedIn && mode === 'wallet' && plan !== undefined && !walletCovers(priceNow(plan), balance);
  const accountId = fields.saccount_id.trim();

  const choose = (name: 'plan' | 'mode', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const setField = (name: keyof AccountFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };

  /** This page with the choice made on it, the mode and the player ID included: where a visitor comes back to after signing in, and a Retry after a cancel. */
  const herePath = () => {
    const next = new URLSearchParams(search);
    next.set('mode', mode);
    if (playerIdGroup && accountId) next.set('player', accountId);
    return `${location.pathname}?${next.toString()}`;
  };

  /**
   * The order of `chosenPlan` for this account, or undefined when the account fields have
   * problems (the contract's), which then show under the fields.
   */
  const orderOf = (chosenPlan: Plan): PlanOrderInput | undefined => {
    const found = orderAccountProblems(playerIdGroup, fields, group.player_id_format);
    setProblems(found);
    if (Object.keys(found).length > 0) return undefined;
    return {
      plan: { plans_id: chosenPlan.plans_id, price: priceNow(chosenPlan) },
      masterCategoryId: group.master_category,
      saccount_type: playerIdGroup ? '' : fields.saccount_type,
      saccount_id: accountId,
      saccount_password: playerIdGroup ? '0' : fields.saccount_password,
      backup_code: playerIdGroup ? '' : fields.backup_code.trim(),
    };
  };

  /** A fresh form once a top-up is paid: the account emptied, and the URL back to the group alone. */
  const startOver = () => {
    setFields(emptyAccount);
    setProblems({});
    setSearch({ group: group.id }, { replace: true, preventScrollReset: true });
  };

  return {
    plans,
    plan,
    mode,
    signedIn,
    userInfo,
    balance,
    walletShort,
    playerIdGroup,
    fields,
    problems,
    accountId,
    choose,
    setField,
    herePath,
    orderOf,
    startOver,
  };
}

export type OrderChoice = ReturnType<typeof useOrderChoice>;
