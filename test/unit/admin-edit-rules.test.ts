import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { boundedInt, imageField, linkField, positionField, wholeTaka } from '../../functions/contract/fields';
import { parseCodes } from '../../functions/vouchers/inventory';
import { maxUploadBytes } from '../../functions/contract/rules';
import {
  blogPostProblems,
  codeLines,
  codesFromFile,
  codesProblem,
  diamondsProblem,
  imageProblem,
  linkProblem,
  nextPosition,
  positionProblem,
  priceProblem,
  socialProblems,
  uploadProblem,
  youtubeIdOf,
} from '../../web/src/features/admin/kit/edit-rules';

/** The server's first message for this value of a field, or undefined when it passes. */
const serverMessage = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
};

/** What the server's code reader says of a pasted text: its 400 message, or undefined. */
const serverCodesMessage = (text: string) => {
  try {
    parseCodes(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("the console's checks say what the server would", () => {
  it.each(['55', ' 60 ', '12.5', '12.0', '-5', '0', '', 'abc', '1e3', '10000000', '10000001', '-1.5'])('price %j', (value) => {
    expect(priceProblem(value)).toBe(serverMessage(wholeTaka('Price'), value));
  });

  it.each(['', '0', '9999', '10000', '-1', '2.5', '3.0', 'x'])('position %j', (value) => {
    // An empty form field is absent on the server: the default 0.
    expect(positionProblem(value)).toBe(value === '' ? undefined : serverMessage(positionField, value));
  });

  it.each(['', '77', '1000000', '1000001', '-1', '2.5'])('diamonds %j', (value) => {
    const server = v.optional(boundedInt(0, 1_000_000, 'Diamonds must be a whole number'), 0);
    expect(diamondsProblem(value)).toBe(value === '' ? undefined : serverMessage(server, value));
  });

  it.each([
    '/images/x.svg',
    '/uploads/ab12.png',
    'https://cdn.example.com/a.png',
    '',
    '  ',
    '//evil.example/x.png',
    'http://example.com/a.png',
    'javascript:alert(1)',
    '/a"onerror=x',
    'x.png',
  ])('image %j', (value) => {
    expect(imageProblem(value)).toBe(serverMessage(imageField('Image'), value));
    expect(imageProblem(value, 'Logo')).toBe(serverMessage(imageField('Logo'), value));
  });

  it.each(['https://m.me/shop', 'http://m.me/shop', 'm.me/shop', 'https://a b', ''])('link %j', (value) => {
    expect(linkProblem(value, 'The messenger link')).toBe(serverMessage(linkField('The messenger link'), value));
  });

  it('asks for a link that the server cannot empty once set', () => {
    expect(linkProblem(' ', 'The app link', true)).toBe('The app link cannot be emptied: enter another https link');
  });

  it.each([
    'ABC-1\nDEF-2',
    '\n\n  \n',
    '',
    'x'.repeat(201),
    Array.from({ length: 1001 }, (_, i) => `C${i}`).join('\n'),
    Array.from({ length: 1000 }, (_, i) => `C${i}`).join('\r\n'),
  ])('codes batch %#', (text) => {
    expect(codesProblem(text)).toBe(serverCodesMessage(text));
  });

  it('counts the codes as the server reads them (blank lines skipped, any line ending)', () => {
    expect(codeLines(' A \r\n\r\nB\rC\n')).toEqual(['A', 'B', 'C']);
  });

  it('refuses other image types and images over 2 MB before asking for a permit', () => {
    expect(uploadProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(uploadProblem({ type: 'image/webp', size: maxUploadBytes })).toBeUndefined();
    expect(uploadProblem({ type: 'image/svg+xml', size: 1000 })).toBe('Only PNG, JPEG or WebP images can be uploaded');
    expect(uploadProblem({ type: 'text/html', size: 1000 })).toBe('Only PNG, JPEG or WebP images can be uploaded');
    expect(uploadProblem({ type: 'image/jpeg', size: maxUploadBytes + 1 })).toBe('An image must be at most 2 MB');
  });
});

describe('code files', () => {
  it('reads a .txt file as it is, one code a line (any line ending, no byte-order mark)', () => {
    expect(codesFromFile('batch.TXT', '\uFEFFAAA-1\r\nBBB-2\r\n\r\n')).toBe('AAA-1\nBBB-2');
  });

  it("takes a .csv file's first column, quoted or not, and skips a header named code", () => {
    const csv = 'Code,PIN,Value\n"AAA,1",111,500\nBBB-2 ,222,500\n"C""Q""-3",333,500\n,444,500\n';
    expect(codesFromFile('export.csv', csv).split('\n')).toEqual(['AAA,1', 'BBB-2', 'C"Q"-3']);
    expect(codesFromFile('plain.csv', 'AAA-1\nBBB-2')).toBe('AAA-1\nBBB-2');
  });
});

describe('blog posts', () => {
  const post = { title: 'Guide', type: 'image' as const, image: '/images/a.svg', youtube_id: '', content: '<p>x</p>' };

  it('need a title, an image for an image post and a YouTube id for a video post', () => {
    expect(blogPostProblems(post)).toEqual({});
    expect(blogPostProblems({ ...post, title: ' ', image: '' })).toEqual({
      title: 'Title is required',
      image: 'An image post needs an image',
    });
    expect(blogPostProblems({ ...post, type: 'video', image: '' })).toEqual({ youtube_id: 'A video post needs a YouTube id' });
    expect(blogPostProblems({ ...post, type: 'video', youtube_id: 'short' })).toEqual({
      youtube_id: 'A YouTube id is 11 letters, digits, - or _',
    });
  });

  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/123', 'https://vimeo.com/123'],
  ])('takes the YouTube id of %s', (text, id) => {
    expect(youtubeIdOf(text)).toBe(id);
  });
});

describe('social links and positions', () => {
  it('need a name and an https link each, at most ten', () => {
    expect(socialProblems([{ name: 'Facebook', url: 'https://facebook.com/x' }])).toEqual({ list: undefined, rows: [{}] });
    expect(socialProblems([{ name: '', url: 'http://x' }]).rows).toEqual([
      { name: 'A name is required', url: 'A social link must be https' },
    ]);
    expect(socialProblems(Array.from({ length: 11 }, () => ({ name: 'a', url: 'https://a' }))).list).toBe('At most 10 social links');
  });

  it('put a new item after the last one', () => {
    expect(nextPosition([])).toBe('0');
    expect(nextPosition([{ position: 3 }, { position: 1 }])).toBe('4');
    expect(nextPosition([{ position: 9999 }])).toBe('9999');
  });
});
