import * as v from 'valibot';
import { siteSettingsBody } from '../../../functions/contract/admin-content';
import { savePlanBody, saveVoucherBody } from '../../../functions/contract/admin-catalog';
import { maxUploadBytes } from '../../../functions/contract/rules';
import type { Invalid } from '../../../functions/shared/errors';
import { parseInput } from '../../../functions/shared/validation';
import { parseCodes } from '../../../functions/vouchers/inventory';
import { describe, expect, it } from 'vitest';
import {
  codeLines,
  codesFromFile,
  codesProblem,
  nextPosition,
  numberField,
  youtubeIdOf,
} from '../../../web/src/features/admin/kit/edit-rules';
import { uploadProblem } from '../../../web/src/lib/upload-rules';
import { schemaProblems } from '../../../web/src/features/admin/kit/schema-problems';

/** The field errors of the server's 400 for this request (what parseInput throws), or {} when it passes. */
const serverErrors = (schema: Parameters<typeof parseInput>[0], input: unknown) => {
  try {
    parseInput(schema, input);
    return {};
  } catch (error) {
    return (error as Invalid).extra.errors;
  }
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

describe("the console's form messages are the server's", () => {
  const plan = {
    category_id: 'G1',
    pname: '100 Diamonds',
    image: '/images/a.svg',
    price: '55',
    no_of_diamonds: numberField(''),
    status: '1' as const,
    position: numberField('3'),
  };

  it.each([
    ['a plan that passes', plan, {}],
    ['a plan without a name or image', { ...plan, pname: ' ', image: '' }, { pname: 'Name is required', image: 'Image is required' }],
    [
      'a plan priced 12.5 at position 10000',
      { ...plan, price: '12.5', position: '10000' },
      {
        price: 'Price must be a whole number of taka',
        position: 'Position must be a whole number from 0 to 9999',
      },
    ],
    [
      'a plan priced 0 with odd diamonds',
      { ...plan, price: '0', no_of_diamonds: '-1' },
      {
        price: 'Price must be more than zero',
        no_of_diamonds: 'Diamonds must be a whole number',
      },
    ],
    [
      'a plan with a http image',
      { ...plan, image: 'http://example.com/a.png', price: '' },
      {
        image: 'Image must be an uploaded image or an https link',
        price: 'Price must be a whole number of taka',
      },
    ],
  ])('%s', (_, input, expected) => {
    expect(schemaProblems(savePlanBody, input)).toEqual(expected);
    expect(schemaProblems(savePlanBody, input)).toEqual(serverErrors(savePlanBody, input));
  });

  it('a voucher', () => {
    const voucher = { mcategory_id: 'B1', voucher_name: '', price: '10000001', image: '/uploads/x.png', description: 'x'.repeat(50_001) };
    const expected = { voucher_name: 'Name is required', price: 'Price is too large', description: 'Too long' };
    expect(schemaProblems(saveVoucherBody, voucher)).toEqual(expected);
    expect(serverErrors(saveVoucherBody, voucher)).toEqual(expected);
  });

  it('site settings: links, popups and social links', () => {
    const change = {
      messenger_link: 'http://m.me/shop',
      popup_image: 'x.png',
      popup_status: '1' as const,
      social: JSON.stringify([{ name: 'Facebook', url: 'http://facebook.com/x' }]),
    };
    const expected = {
      messenger_link: 'The messenger link must be an https link',
      popup_image: 'An image must be an uploaded image or an https link',
      'social.0.url': 'A social link must be https',
    };
    expect(schemaProblems(siteSettingsBody, change)).toEqual(expected);
    expect(serverErrors(siteSettingsBody, change)).toEqual(expected);
    const eleven = JSON.stringify(Array.from({ length: 11 }, () => ({ name: 'a', url: 'https://a' })));
    expect(schemaProblems(siteSettingsBody, { social: eleven })).toEqual({ social: 'At most 10 social links' });
  });

  it('site settings: the WhatsApp number is digits with the country code', () => {
    const message = 'The WhatsApp number is digits with the country code, like 8801712345678';
    for (const number of ['01712345678', '8801712abc', '12345', '+880 1712 345678 9999 1']) {
      expect(schemaProblems(siteSettingsBody, { whatsapp: number })).toEqual({ whatsapp: message });
      expect(serverErrors(siteSettingsBody, { whatsapp: number })).toEqual({ whatsapp: message });
    }
    expect(v.parse(siteSettingsBody, { whatsapp: '+880 1712-345678' }).whatsapp).toBe('8801712345678');
    expect(v.parse(siteSettingsBody, { whatsapp: '8801712345678' }).whatsapp).toBe('8801712345678');
    // Empty removes it (the one setting that may be emptied); absent keeps it.
    expect(v.parse(siteSettingsBody, { whatsapp: '' }).whatsapp).toBe('');
    expect(v.parse(siteSettingsBody, { whatsapp: ' ' }).whatsapp).toBe('');
    expect(v.parse(siteSettingsBody, {}).whatsapp).toBeUndefined();
  });
});

describe("the console's other checks", () => {
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

describe('pasted YouTube links', () => {
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

describe('positions', () => {
  it('put a new item after the last one', () => {
    expect(nextPosition([])).toBe('0');
    expect(nextPosition([{ position: 3 }, { position: 1 }])).toBe('4');
    expect(nextPosition([{ position: 9999 }])).toBe('9999');
  });
});
