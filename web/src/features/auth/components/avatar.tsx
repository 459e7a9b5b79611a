import { useState } from 'react';
import type { UserInfo } from '@contract/wire';

/** The user's picture: Google's photo, else their image, else their initials. */
export function Avatar({ user, size = 72 }: { user: UserInfo; size?: number }) {
  const [broken, setBroken] = useState(false);
  const picture = user.photoURL || user.image;
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return picture && !broken ? (
    <img
      className="avatar"
      src={picture}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      onError={() => setBroken(true)}
      referrerPolicy="no-referrer"
    />
  ) : (
    <span className="avatar avatar-initials" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
