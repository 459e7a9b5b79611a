import { randomId } from '../../shared/ids';

/** A new item's id: its name as a readable slug (it shows in the shop's URLs) and four random characters. */
export function newId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug ? `${slug}-` : ''}${randomId(4).toLowerCase()}`;
}
