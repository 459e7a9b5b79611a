import { type PlayerIdFormat, accountTypes } from '@contract/rules';
import { type Ref, useId } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { ShieldIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import type { Translate } from '../../../lib/i18n';
import type { PlanGroup } from '../api/get-plan-groups';
import { usePlayerIds } from '../api/get-player-ids';
import { useT } from '../messages';
import type { AccountFields, AccountProblems, OrderChoice } from '../use-order-choice';

/** "Player ID must be 8 to 11 digits" (or "11 digits" when both bounds agree): the contract's rule, in the current language. */
const playerIdFormatIn = (t: Translate, number: (whole: number) => string, { min_digits, max_digits }: PlayerIdFormat) =>
  min_digits === max_digits
    ? t('catalog.playerIdDigits', { digits: number(min_digits) })
    : t('catalog.playerIdDigitsRange', { min: number(min_digits), max: number(max_digits) });

/**
 * The contract's problems with the account fields (orderAccountProblems: which fields, in its
 * English), worded in the current language, read when shown so that a language switch rewords them.
 */
function wordedProblems(
  t: Translate,
  number: (whole: number) => string,
  problems: AccountProblems,
  playerIdGroup: boolean,
  fields: AccountFields,
  format: PlayerIdFormat | null | undefined,
): AccountProblems {
  const worded: AccountProblems = {};
  if (problems.saccount_id)
    worded.saccount_id = !playerIdGroup
      ? t('catalog.fillEmail')
      : fields.saccount_id.trim() && format
        ? playerIdFormatIn(t, number, format)
        : t('catalog.fillPlayerId');
  if (problems.saccount_type) worded.saccount_type = t('catalog.chooseAccountTypeError');
  if (problems.saccount_password) worded.saccount_password = t('catalog.fillPassword');
  return worded;
}

interface AccountStepProps {
  group: PlanGroup;
  gameName: string;
  choice: OrderChoice;
  /** The step's fieldset, which Buy Now scrolls to when a field has a problem. */
  ref: Ref<HTMLFieldSetElement>;
}

/**
 * The order form's first step, the account to top up: a player ID (with the IDs used before for
 * the game, and where to find one), or a game account's login.
 */
export function AccountStep({ group, gameName, choice, ref }: AccountStepProps) {
  const { t, number } = useT();
  const { playerIdGroup, fields, accountId, setField } = choice;
  const { data: recentIds } = usePlayerIds(group.master_category, choice.signedIn && playerIdGroup);
  const shownErrors = wordedProblems(t, number, choice.problems, playerIdGroup, fields, group.player_id_format);
  return (
    <fieldset className="order-step" ref={ref}>
      <legend>
        <span className="step-number">{number(1)}</span> {playerIdGroup ? t('catalog.playerId') : t('catalog.gameAccount')}
      </legend>
      {playerIdGroup ? (
        <>
          <FormField
            label={t('catalog.playerId')}
            name="saccount_id"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('catalog.playerIdPlaceholder')}
            hint={group.player_id_format ? playerIdFormatIn(t, number, group.player_id_format) : undefined}
            value={fields.saccount_id}
            error={shownErrors.saccount_id}
            onChange={(e) => setField('saccount_id', e.target.value)}
          />
          {recentIds && recentIds.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role=group names the same thing.
            <div className="recent-ids" role="group" aria-label={t('catalog.usedBefore')}>
              <span className="recent-title">{t('catalog.usedBeforeLead')}</span>
              {recentIds.map((recent) => (
                <button
                  key={recent.player_id}
                  type="button"
                  className={recent.player_id === accountId ? 'chip-button selected' : 'chip-button'}
                  aria-pressed={recent.player_id === accountId}
                  onClick={() => setField('saccount_id', recent.player_id)}
                >
                  {recent.player_id}
                </button>
              ))}
            </div>
          )}
          <PlayerIdHelp gameName={gameName} />
        </>
      ) : (
        <>
          <p className="notice notice-warn safety-note">
            <ShieldIcon size={18} /> {t('catalog.loginSafety')}
          </p>
          <AccountTypeField
            value={fields.saccount_type}
            error={shownErrors.saccount_type}
            onChange={(value) => setField('saccount_type', value)}
          />
          <FormField
            label={t('catalog.emailOrId')}
            name="saccount_id"
            autoComplete="off"
            placeholder={t('catalog.emailOrIdPlaceholder')}
            value={fields.saccount_id}
            error={shownErrors.saccount_id}
            onChange={(e) => setField('saccount_id', e.target.value)}
          />
          <FormField
            label={t('catalog.password')}
            name="saccount_password"
            secret
            autoComplete="off"
            value={fields.saccount_password}
            error={shownErrors.saccount_password}
            onChange={(e) => setField('saccount_password', e.target.value)}
          />
          <FormField
            label={t('catalog.backupCode')}
            name="backup_code"
            autoComplete="off"
            value={fields.backup_code}
            onChange={(e) => setField('backup_code', e.target.value)}
          />
        </>
      )}
    </fieldset>
  );
}

/** Where the player ID is found in a game, folded under its link; the shop's guides on its blog. */
function PlayerIdHelp({ gameName }: { gameName: string }) {
  const { t } = useT();
  return (
    <details className="player-id-help">
      <summary>{t('catalog.howToFindPlayerId')}</summary>
      <p>{gameName ? t('catalog.findPlayerIdIn', { game: gameName }) : t('catalog.findPlayerId')}</p>
      <Link to={paths.blogs}>{t('catalog.blogGuides')}</Link>
    </details>
  );
}

function AccountTypeField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('catalog.accountType')}</label>
      <select
        id={id}
        name="saccount_type"
        className={error ? 'input is-invalid' : 'input'}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('catalog.chooseAccountType')}</option>
        {accountTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
