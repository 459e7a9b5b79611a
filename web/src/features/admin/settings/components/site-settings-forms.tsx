import type { AdminSiteSettings } from '@contract/admin-wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { siteSettingsBody } from '@contract/admin-content';
import { type SiteSettingsInput, siteSettingsRequest, useUpdateSiteSettings } from '../api/update-site-settings';
import { prune } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import { Switch, TextAreaField } from '../../kit/components/edit-fields';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';

/** A value to send: trimmed, or absent when empty (the server keeps what it has for an absent field). */
const sent = (value: string) => value.trim() || undefined;

/** The settings' problems for a change, in the server's words. */
const settingsProblems = (input: SiteSettingsInput) => schemaProblems(siteSettingsBody, siteSettingsRequest(input));

/** A social link as the card edits it. */
interface SocialLink {
  name: string;
  url: string;
}

/**
 * Open or closed, and the message shoppers see while it is closed. Closing is confirmed first: it
 * refuses every purchase at once.
 */
export function ShopStatusCard({ settings }: { settings: AdminSiteSettings }) {
  const { trigger } = useUpdateSiteSettings();
  const [confirming, setConfirming] = useState(false);
  const initial = { open: settings.shopStatus === 1, errorMessage: settings.errorMessage };
  const input = (values: typeof initial): SiteSettingsInput => ({
    shopStatus: values.open,
    errorMessage: sent(values.errorMessage),
  });
  const form = useEditForm(
    initial,
    (values) => ({
      ...settingsProblems(input(values)),
      // An absent message keeps the stored one: a closed shop must show one written on purpose.
      ...prune({
        errorMessage: !values.open && !values.errorMessage.trim() ? 'Write the message shoppers see while the shop is closed' : undefined,
      }),
    }),
    'The shop status could not be saved',
  );
  const isOpen = settings.shopStatus === 1;
  const closing = !form.values.open && isOpen;
  const send = async () => {
    const { message } = await trigger(input(form.values));
    return form.values.open ? 'The shop is open' : `The shop is closed. ${message}`;
  };
  const save = form.submit(async () => {
    if (closing) {
      setConfirming(true);
      return;
    }
    toast.success(await send());
  });
  return (
    <section className={isOpen ? 'settings-card shop-status' : 'settings-card shop-status is-closed'} aria-labelledby="shop-status-title">
      <div className="settings-card-head">
        <h2 id="shop-status-title" className="admin-subtitle">
          Shop status
        </h2>
        <span className={isOpen ? 'badge badge-ok shop-badge' : 'badge badge-danger shop-badge'} role="status">
          {isOpen ? 'Open' : 'Closed'}
        </span>
      </div>
      {!isOpen && (
        <p className="notice notice-danger">
          The shop is closed: every purchase is refused with “{settings.errorMessage}”. Open it again when you are ready.
        </p>
      )}
      <form onSubmit={save} noValidate>
        <div className="form-field">
          <Switch label="Shop open" checked={form.values.open} disabled={form.busy} onChange={(open) => form.setValue('open', open)} />
        </div>
        <TextAreaField label="Message shoppers see while the shop is closed" rows={3} maxLength={300} {...form.field('errorMessage')} />
        {closing && (
          <p className="notice notice-warn" role="alert">
            Closing the shop refuses every purchase at once (top-ups, codes, gateway payments) until it is opened again.
          </p>
        )}
        <div className="dialog-buttons">
          <button type="submit" className={closing ? 'button button-danger' : 'button button-primary'} disabled={form.busy}>
            {form.busy ? 'Saving…' : closing ? 'Close the shop…' : !isOpen && form.values.open ? 'Open the shop' : 'Save'}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title="Close the shop?"
          confirmLabel="Close the shop"
          busyLabel="Closing…"
          onConfirm={send}
          onClose={() => setConfirming(false)}
        >
          <p>Every purchase is refused at once, with this message:</p>
          <p className="notice notice-warn">{form.values.errorMessage.trim()}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** How a popup looks; the console is handed the shop's own presentation (the content feature's). */
export interface PopupPresentation {
  /** Drawn in place, as the dialog shows it. */
  Preview: React.ComponentType<{ popup: { text: string; image: string } }>;
  /** The shoppers' dialog itself, closed by `onDone`. */
  Dialog: React.ComponentType<{ popups: { text: string; image: string }[]; remember?: boolean; onDone?: () => void }>;
}

interface PopupCardProps {
  settings: AdminSiteSettings;
  slot: 1 | 2;
  presentation: PopupPresentation;
}

/** One of the two popups: shown or hidden, its image and its HTML text, previewed as shoppers will see it. */
export function PopupCard({ settings, slot, presentation }: PopupCardProps) {
  const { trigger } = useUpdateSiteSettings();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const stored =
    slot === 1
      ? { status: settings.popup_status, text: settings.popup_text, image: settings.popup_image }
      : { status: settings.popup_status2, text: settings.popup_text2, image: settings.popup_image2 };
  const initial = { shown: stored.status === '1', text: stored.text, image: stored.image };
  const input = (values: typeof initial): SiteSettingsInput =>
    slot === 1
      ? { popup_status: values.shown, popup_text: values.text, popup_image: sent(values.image) }
      : { popup_status2: values.shown, popup_text2: values.text, popup_image2: sent(values.image) };
  const form = useEditForm(
    initial,
    (values) => {
      const problems = settingsProblems(input(values));
      const suffix = slot === 1 ? '' : '2';
      return prune({
        // An absent image keeps the stored one: removing it is not something the console can send.
        image:
          stored.image && !values.image.trim()
            ? 'A popup image cannot be removed: upload another, or hide the popup'
            : problems[`popup_image${suffix}`],
        text: problems[`popup_text${suffix}`],
      });
    },
    'The popup could not be saved',
  );
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
  });
  const draft = { text: form.values.text, image: form.values.image.trim() };
  const { Preview, Dialog } = presentation;
  const titleId = `popup-${slot}-title`;
  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <div className="settings-card-head">
        <h2 id={titleId} className="admin-subtitle">
          Popup {slot}
        </h2>
        <span className={stored.status === '1' ? 'badge badge-ok' : 'badge badge-muted'}>
          {stored.status === '1' ? 'Shown to visitors' : 'Hidden'}
        </span>
      </div>
      <form onSubmit={save} noValidate className="popup-editor">
        <div className="popup-fields">
          <div className="form-field">
            <Switch label="Show to visitors" checked={form.values.shown} onChange={(shown) => form.setValue('shown', shown)} />
          </div>
          <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
          <TextAreaField label="Text (HTML)" rows={5} maxLength={5000} {...form.field('text')} />
          <div className="dialog-buttons">
            <button
              type="button"
              className="button button-ghost"
              onClick={() => setPreviewing(true)}
              disabled={!draft.text.trim() && !draft.image}
            >
              Preview as a visitor
            </button>
            <button type="submit" className="button button-primary" disabled={form.busy || uploading}>
              {form.busy ? 'Saving…' : uploading ? 'Uploading…' : `Save popup ${slot}`}
            </button>
          </div>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role=group names the same thing. */}
        <div className="popup-preview-pane" aria-label={`Popup ${slot} preview`} role="group">
          <p className="eyebrow">Preview{form.values.shown ? '' : ' (hidden from visitors)'}</p>
          {draft.text.trim() || draft.image ? <Preview popup={draft} /> : <p className="muted">Nothing to show yet.</p>}
        </div>
      </form>
      {previewing && <Dialog popups={[draft]} remember={false} onDone={() => setPreviewing(false)} />}
    </section>
  );
}

/** The phone number and links of the header and footer, and the Watch video of the voucher pages. */
export function ContactCard({ settings }: { settings: AdminSiteSettings }) {
  const { trigger } = useUpdateSiteSettings();
  const initial = {
    phone: settings.phone,
    messenger_link: settings.messenger_link,
    whatsapp: settings.whatsapp,
    app_link: settings.app_link,
    upay: settings.upay,
  };
  const input = (values: typeof initial): SiteSettingsInput => ({
    phone: sent(values.phone),
    messenger_link: sent(values.messenger_link),
    // Emptied, a WhatsApp number is removed (the one setting that may be).
    whatsapp: values.whatsapp.trim() || (settings.whatsapp ? '' : undefined),
    app_link: sent(values.app_link),
    upay: sent(values.upay),
  });
  // An absent field keeps the stored value: emptying one (but the WhatsApp number) is not something the console can send.
  const emptied = (values: typeof initial, name: keyof typeof initial, message: string) =>
    settings[name] && !values[name].trim() ? message : undefined;
  const form = useEditForm(
    initial,
    (values) => ({
      ...settingsProblems(input(values)),
      ...prune({
        phone: emptied(values, 'phone', 'The phone number cannot be emptied: enter another'),
        messenger_link: emptied(values, 'messenger_link', 'The messenger link cannot be emptied: enter another https link'),
        app_link: emptied(values, 'app_link', 'The app link cannot be emptied: enter another https link'),
        upay: emptied(values, 'upay', 'The video link cannot be emptied: enter another https link'),
      }),
    }),
    'The links could not be saved',
  );
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
  });
  return (
    <section className="settings-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="admin-subtitle">
        Phone and links
      </h2>
      <form onSubmit={save} noValidate>
        <FormField label="Phone" maxLength={40} autoComplete="off" {...form.field('phone')} />
        <FormField label="Messenger link" type="url" autoComplete="off" placeholder="https://m.me/…" {...form.field('messenger_link')} />
        <FormField
          label="WhatsApp number (with country code)"
          type="tel"
          inputMode="numeric"
          maxLength={40}
          autoComplete="off"
          placeholder="8801712345678"
          {...form.field('whatsapp')}
        />
        <FormField label="App link" type="url" autoComplete="off" placeholder="https://play.google.com/…" {...form.field('app_link')} />
        <FormField
          label="Watch video link (how to redeem a code)"
          type="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=…"
          {...form.field('upay')}
        />
        <div className="dialog-buttons">
          <button type="submit" className="button button-primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save links'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The footer's social links: a name and an https link each, at most ten. */
export function SocialCard({ settings }: { settings: AdminSiteSettings }) {
  const { trigger } = useUpdateSiteSettings();
  const { busy, run } = useAction('The social links could not be saved');
  const [links, setLinks] = useState<SocialLink[]>(settings.social);
  const [tried, setTried] = useState(false);
  const input = { social: JSON.stringify(links.map((link) => ({ name: link.name.trim(), url: link.url.trim() }))) };
  const found = settingsProblems(input);
  const problems = {
    list: found.social,
    rows: links.map((_, index) => ({ name: found[`social.${index}.name`], url: found[`social.${index}.url`] })),
  };
  const hasProblem = Object.keys(found).length > 0;
  const change = (index: number, patch: Partial<SocialLink>) =>
    setLinks(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (hasProblem) return;
    void run(async () => {
      const { message } = await trigger(input);
      toast.success(message);
    });
  };
  return (
    <section className="settings-card" aria-labelledby="social-title">
      <h2 id="social-title" className="admin-subtitle">
        Social links
      </h2>
      <form onSubmit={save} noValidate>
        {links.length === 0 && <p className="muted">No social links: the footer shows none.</p>}
        <ol className="social-rows">
          {links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list (no id of its own); every input in it is controlled.
            <li key={index} className="social-row">
              <FormField
                label={`Name ${index + 1}`}
                maxLength={40}
                value={link.name}
                error={tried ? problems.rows[index]?.name : undefined}
                onChange={(event) => change(index, { name: event.target.value })}
              />
              <FormField
                label={`Link ${index + 1}`}
                type="url"
                value={link.url}
                error={tried ? problems.rows[index]?.url : undefined}
                onChange={(event) => change(index, { url: event.target.value })}
              />
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove ${link.name || `link ${index + 1}`}`}
                onClick={() => setLinks(links.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        {tried && problems.list && <p className="field-error">{problems.list}</p>}
        <div className="dialog-buttons">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setLinks([...links, { name: '', url: '' }])}
            disabled={links.length >= 10}
          >
            Add a link
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save social links'}
          </button>
        </div>
      </form>
    </section>
  );
}
