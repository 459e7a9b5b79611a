import type { AdminUserDetail } from '@contract/admin-wire';
import { useState } from 'react';
import { dateTime, taka } from '../../../../lib/format';
import { LinkageFlags } from '../../kit/components/linkage-flags';
import { AdjustDialog } from './adjust-dialog';
import { LedgerTable } from './ledger-table';

/** A user: who they are, the balance with Adjust, the fraud rules' linkage flags, and the newest 100 ledger lines. */
export function UserDetail({ user }: { user: AdminUserDetail }) {
  const [adjusting, setAdjusting] = useState(false);
  return (
    <>
      <div className="detail-head">
        <div>
          <p className="eyebrow">User {user.role === 'admin' && <span className="badge badge-info">Admin</span>}</p>
          <h2 className="detail-id">{user.name || 'No name'}</h2>
        </div>
        <div className="balance-box">
          <p className="muted">Balance</p>
          <p className="balance-figure">{taka(user.balance)}</p>
          <button type="button" className="button button-primary button-small" onClick={() => setAdjusting(true)}>
            Adjust
          </button>
        </div>
      </div>
      <dl className="detail-list admin-details">
        <div>
          <dt>User id</dt>
          <dd className="mono">{user.user_id}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email || '—'}</dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd>{user.mobile_no || '—'}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{dateTime(user.created_at)}</dd>
        </div>
      </dl>
      <LinkageFlags flags={user.flags} />
      <h3 className="admin-subtitle">Wallet ledger</h3>
      <p className="muted small">The newest 100 entries, newest first.</p>
      <LedgerTable entries={user.ledger} />
      {adjusting && <AdjustDialog user={user} onClose={() => setAdjusting(false)} />}
    </>
  );
}
