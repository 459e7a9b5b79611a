import { describe, expect, it } from 'vitest';
import { mailedToken, registerAndLogIn, uniqueContact } from '../../support/accounts';
import { callApi } from '../../support/http';

/** A small seeded generator (mulberry32), so that a failing sequence can be run again with its seed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Link {
  kind: 'reset' | 'verify';
  token: string;
  /** The number of identity changes the account had seen when the link was mailed. */
  epoch: number;
  to: string;
  used?: boolean;
}

const seed = Number(process.env.ACCOUNT_LINKS_SEED ?? Date.now() % 1_000_000);

describe(`account links under random identity changes (seed ${seed}; ACCOUNT_LINKS_SEED to replay)`, () => {
  it('never lets a link mailed before an identity change work after it, while the current links still work', async () => {
    const random = seeded(seed);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    for (let run = 0; run < 3; run += 1) {
      const account = await registerAndLogIn(`prop${run}`);
      let { email, password, token } = account;
      let epoch = 0;
      let emailAsks = 0;
      const resetsAsked = new Map<string, number>();
      const links: Link[] = [];
      const trace: string[] = [];
      const logInAgain = async () => {
        const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email, password } });
        expect(login.status, trace.join(' → ')).toBe(200);
        token = login.body.data.authToken;
      };

      for (let step = 0; step < 9; step += 1) {
        const moves = [
          ...((resetsAsked.get(email) ?? 0) < 3 ? ['ask-reset'] : []),
          ...(emailAsks < 4 ? ['ask-email'] : []),
          'change-password',
          ...(links.some((link) => !link.used) ? ['use-link', 'use-link'] : []),
        ];
        const move = pick(moves);
        trace.push(move);
        if (move === 'ask-reset') {
          resetsAsked.set(email, (resetsAsked.get(email) ?? 0) + 1);
          expect((await callApi('/auth/forgot_password', { form: { email } })).status).toBe(200);
          links.push({ kind: 'reset', token: await mailedToken(email, '/reset-password'), epoch, to: email });
        } else if (move === 'ask-email') {
          emailAsks += 1;
          const to = uniqueContact(`prop${run}m${step}`).email;
          const asked = await callApi('/user/update_user', {
            token,
            form: { name: account.name, mobile_no: account.mobileNo, email: to, password },
          });
          expect(asked.status, trace.join(' → ')).toBe(200);
          epoch += 1;
          links.push({ kind: 'verify', token: await mailedToken(to, '/verify-email'), epoch, to });
        } else if (move === 'change-password') {
          const next = `pw-${run}-${step}`;
          const changed = await callApi<{ data: { authToken: string } }>('/user/update_user', {
            token,
            form: { password, new_password: next },
          });
          expect(changed.status, trace.join(' → ')).toBe(200);
          password = next;
          token = changed.body.data.authToken;
          epoch += 1;
        } else {
          const link = pick(links.filter((candidate) => !candidate.used));
          link.used = true;
          const current = link.epoch === epoch;
          const next = `pw-${run}-${step}-reset`;
          const used =
            link.kind === 'reset'
              ? await callApi('/auth/reset_password', { form: { token: link.token, new_password: next } })
              : await callApi('/auth/verify_email', { form: { token: link.token } });
          trace.push(`${link.kind}@${link.epoch}/${epoch}:${used.status}`);
          expect(used.status, trace.join(' → ')).toBe(current ? 200 : 400);
          if (current) {
            epoch += 1;
            if (link.kind === 'reset') password = next;
            else email = link.to;
            await logInAgain();
          }
        }
      }
      // Every link left from an earlier state is dead.
      for (const link of links.filter((candidate) => !candidate.used && candidate.epoch < epoch)) {
        const used =
          link.kind === 'reset'
            ? await callApi('/auth/reset_password', { form: { token: link.token, new_password: 'late-pw' } })
            : await callApi('/auth/verify_email', { form: { token: link.token } });
        expect(used.status, `${trace.join(' → ')}; late ${link.kind}@${link.epoch}`).toBe(400);
      }
    }
  }, 60_000);
});
