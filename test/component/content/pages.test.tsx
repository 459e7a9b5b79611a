import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryGrid } from '../../../web/src/features/catalog/components/category-grid';
import { AboutPage } from '../../../web/src/features/content/components/about-page';
import { ContactPage } from '../../../web/src/features/content/components/contact-page';
import { TermsPage } from '../../../web/src/features/content/components/terms-page';
import { BlogPage } from '../../../web/src/app/routes/blog';
import { PlayerIdTopupPage } from '../../../web/src/app/routes/player-id-topup';
import { VoucherCodePage } from '../../../web/src/app/routes/voucher-code';
import { type Answer, findToast, renderWithShop, stubApi } from '../../support/component';

const categories = [
  { id: 'free-fire', cname: 'Free Fire', image: '/images/ff.svg' },
  { id: 'google-play', cname: 'Google Play gift cards.', image: '/images/gp.svg' },
  { id: 'pubg-mobile', cname: 'PUBG Mobile', image: '/images/pubg.svg' },
  { id: 'itunes', cname: 'iTunes gift cards.', image: '/images/it.svg' },
];

const names = async () =>
  [...(await screen.findByTestId('category-grid')).querySelectorAll('.category-name')].map((name) => name.textContent);

describe('category grids', () => {
  it("links a code category to /voucher/{id} and a top-up category to /category/{id} on the home page's grid", async () => {
    stubApi({ '/user/master_category_list': { data: categories } });
    renderWithShop(<CategoryGrid title="Games and gift cards" />);
    expect(await names()).toEqual(['Free Fire', 'Google Play gift cards', 'PUBG Mobile', 'iTunes gift cards']);
    expect(screen.getByRole('link', { name: 'Google Play gift cards' }).getAttribute('href')).toBe('/voucher/google-play');
    expect(screen.getByRole('link', { name: 'Free Fire' }).getAttribute('href')).toBe('/category/free-fire');
  });

  it('shows only code categories (names ending with a full stop) on /voucher-code, without the full stop, each linking to its vouchers', async () => {
    stubApi({ '/user/master_category_list': { data: categories } });
    renderWithShop(<VoucherCodePage />, { path: '/voucher-code' });
    expect(await names()).toEqual(['Google Play gift cards', 'iTunes gift cards']);
    expect(screen.getByRole('link', { name: 'iTunes gift cards' }).getAttribute('href')).toBe('/voucher/itunes');
  });

  it('shows only top-up games on /player-id-topup, each linking to its top-up page', async () => {
    stubApi({ '/user/master_category_list': { data: categories } });
    renderWithShop(<PlayerIdTopupPage />, { path: '/player-id-topup' });
    expect(await names()).toEqual(['Free Fire', 'PUBG Mobile']);
    expect(screen.getByRole('link', { name: 'PUBG Mobile' }).getAttribute('href')).toBe('/category/pubg-mobile');
  });
});

describe('a failed catalogue load', () => {
  it('says the games could not be loaded, not that there are none, with a Retry that loads them', async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 500, message: 'Something went wrong' };
    stubApi({ '/user/master_category_list': () => Promise.resolve(answer) });
    renderWithShop(<PlayerIdTopupPage />, { path: '/player-id-topup' });
    const failed = (await screen.findAllByRole('alert')).find((alert) => alert.textContent?.includes('The games could not be loaded'))!;
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    answer = { data: categories };
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await names()).toEqual(['Free Fire', 'PUBG Mobile']);
  });
});

describe('the content pages', () => {
  it('shows the about page with bitcoin support, the four points and ten partner logos, loaded lazily', async () => {
    stubApi({});
    const { container } = renderWithShop(<AboutPage />, { path: '/about-us' });
    screen.getByText('We support bitcoin');
    for (const point of ['Easy mobile payment', 'Free transactions', 'Identity protection', 'Control over your money'])
      screen.getByRole('heading', { name: point });
    const logos = container.querySelectorAll('.partner-grid img');
    expect(logos).toHaveLength(10);
    expect(logos[0]!.getAttribute('loading')).toBe('lazy');
  });

  it('shows the terms page', async () => {
    stubApi({});
    renderWithShop(<TermsPage />, { path: '/terms-and-condition' });
    screen.getByRole('heading', { name: 'Terms of using TopUp Bazar' });
    screen.getByRole('heading', { name: 'Refunds' });
  });

  it('checks the contact form, confirms a send into the mail app and keeps what was typed', async () => {
    const user = userEvent.setup();
    stubApi({ '/user/site_settings': { data: { phone: '+880 1700-000000', messenger_link: 'https://m.me/topupbazar', social: [] } } });
    const opened: string[] = [];
    vi.spyOn(window.location, 'assign').mockImplementation((url) => opened.push(String(url)));
    renderWithShop(<ContactPage />, { path: '/contact-us' });
    const send = screen.getByRole('button', { name: 'Send message' });
    await user.click(send);
    screen.getByText('Please enter your name');
    screen.getByText('Please enter your email');
    await user.type(screen.getByLabelText('Name'), 'Nusrat Jahan');
    await user.type(screen.getByLabelText('Email'), 'nusrat@example');
    await user.type(screen.getByLabelText('Message'), 'My order 0KQ3ZD7M2X has not arrived.');
    await user.click(send);
    screen.getByText('Please enter a valid email');
    expect(opened).toEqual([]);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nusrat@example.com');
    await user.click(send);
    expect(screen.getByRole('status').textContent).toContain('Thank you, Nusrat Jahan');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^mailto:support@topupbazar\.com\.bd\?subject=/);
    expect(decodeURIComponent(opened[0]!)).toContain('My order 0KQ3ZD7M2X has not arrived.\n\nNusrat Jahan <nusrat@example.com>');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('My order 0KQ3ZD7M2X has not arrived.');
    expect(screen.getAllByText('support@topupbazar.com.bd').length).toBeGreaterThan(0);
    expect((await screen.findAllByText('+880 1700-000000')).length).toBeGreaterThan(0);
  });
});

describe('a blog post', () => {
  const post = {
    id: 'keep-your-account-safe',
    type: 'image',
    image: '/images/blog-account-safety.svg',
    youtube_id: '',
    title: 'Five ways to keep your game account safe',
    content: '<p>Use a long password.</p>',
    created_at: '2026-10-02T08:00:00.000Z',
  };

  it('shows "Loading..." until the post arrives, then the post with its date', async () => {
    let arrive: (value: { data: unknown }) => void = () => undefined;
    stubApi({ '/user/blog/keep-your-account-safe': () => new Promise((resolve) => (arrive = resolve)) });
    renderWithShop(<BlogPage />, { path: '/blog/keep-your-account-safe', route: '/blog/:id' });
    await screen.findByText('Loading...');
    arrive({ data: post });
    await screen.findByRole('heading', { name: 'Five ways to keep your game account safe' });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.querySelector('.blog-post')!.textContent).toContain('Posted on 2 October 2026');
  });

  it('shows a not-found state and an error toast for an unknown post', async () => {
    stubApi({ '/user/blog/missing': { status: 404, message: 'Blog post not found' } });
    renderWithShop(<BlogPage />, { path: '/blog/missing', route: '/blog/:id' });
    await screen.findByRole('heading', { name: 'Post not found' });
    await findToast('Blog post not found');
  });
});
