import { useEffect, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { ChatIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { contact } from '../../../config/site';
import { useUser } from '../../../lib/auth';
import { useSiteSettings } from '../api/get-site-settings';
import { useT } from '../messages';
import '../content-pages.css';

const emptyForm = { name: '', email: '', message: '' };
type ContactForm = typeof emptyForm;
type Translate = ReturnType<typeof useT>['t'];

/** What is wrong with a field, kept as a reason and worded when drawn (so that it follows a change of language). */
type ContactError = 'nameMissing' | 'emailMissing' | 'emailInvalid';
type ContactErrors = Partial<Record<keyof ContactForm, ContactError>>;

function contactErrors(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = 'nameMissing';
  if (!form.email.trim()) errors.email = 'emailMissing';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'emailInvalid';
  return errors;
}

function errorText(error: ContactError | undefined, t: Translate): string | undefined {
  switch (error) {
    case 'nameMissing':
      return t('content.contact.nameMissing');
    case 'emailMissing':
      return t('content.contact.emailMissing');
    case 'emailInvalid':
      return t('content.contact.emailInvalid');
    default:
      return undefined;
  }
}

/** The message as an email to support, ready in the visitor's own mail app. */
const mailtoLink = (form: ContactForm, t: Translate) =>
  `mailto:${contact.email}?subject=${encodeURIComponent(t('content.contact.mailSubject', { name: form.name.trim() }))}&body=${encodeURIComponent(
    `${form.message.trim()}\n\n${form.name.trim()} <${form.email.trim()}>`,
  )}`;

/**
 * The contact page: a form whose Send opens the visitor's mail app with the message (the shop
 * has no contact endpoint), and the static contact details. The form keeps what was typed. Asked
 * about an order ("Need help with this order?"), the message starts with its order ID.
 */
export function ContactPage({ orderId }: { orderId?: string }) {
  const { t } = useT();
  const { data: settings } = useSiteSettings();
  const { data: user } = useUser();
  const [form, setForm] = useState<ContactForm>(() => ({
    ...emptyForm,
    message: orderId ? t('content.contact.aboutOrder', { orderId }) : '',
  }));
  const hours = t('content.supportHours');
  // A signed-in shopper's name and email are filled in, unless already typed.
  useEffect(() => {
    if (user) setForm((current) => ({ ...current, name: current.name || user.name, email: current.email || user.email }));
  }, [user]);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sentBy, setSentBy] = useState<string>();

  const set = (name: keyof ContactForm, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = contactErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSentBy(undefined);
      return;
    }
    setSentBy(form.name.trim());
    window.location.assign(mailtoLink(form, t));
  };

  return (
    <div className="container page content-page">
      <div className="content-head">
        <p className="eyebrow">{t('content.contact.eyebrow')}</p>
        <h1>{t('content.contact.title', { hours })}</h1>
        <p className="lead">{t('content.contact.lead')}</p>
      </div>
      <div className="contact-layout">
        <form className="panel contact-form" onSubmit={submit} noValidate aria-label={t('content.contact.formLabel')}>
          <FormField
            label={t('content.contact.name')}
            name="name"
            autoComplete="name"
            required
            value={form.name}
            error={errorText(errors.name, t)}
            onChange={(e) => set('name', e.target.value)}
          />
          <FormField
            label={t('content.contact.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            error={errorText(errors.email, t)}
            onChange={(e) => set('email', e.target.value)}
          />
          <div className="form-field">
            <label htmlFor="contact-message">{t('content.contact.message')}</label>
            <textarea
              id="contact-message"
              className="input"
              name="message"
              rows={6}
              value={form.message}
              onChange={(e) => set('message', e.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary">
            {t('content.contact.send')}
          </button>
          {sentBy && (
            <div className="notice notice-ok" role="status">
              {t('content.contact.sent', { name: sentBy, email: contact.email })}
            </div>
          )}
        </form>
        <aside className="panel contact-details" aria-label={t('content.contact.details')}>
          <h2>{t('content.contact.details')}</h2>
          <ul>
            {settings?.phone && (
              <li>
                <PhoneIcon size={20} />
                <span>
                  <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>{settings.phone}</a>
                  <small>{hours}</small>
                </span>
              </li>
            )}
            <li>
              <MailIcon size={20} />
              <span>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
                <small>{t('content.contact.emailNote')}</small>
              </span>
            </li>
            {settings?.messenger_link && (
              <li>
                <ChatIcon size={20} />
                <span>
                  <a href={settings.messenger_link} target="_blank" rel="noopener noreferrer">
                    Messenger
                  </a>
                  <small>{t('content.contact.messengerNote')}</small>
                </span>
              </li>
            )}
            <li>
              <ClockIcon size={20} />
              <span>
                {t('content.contact.everyDay', { hours })}
                <small>{t('content.contact.timeZone')}</small>
              </span>
            </li>
            <li>
              <MapPinIcon size={20} />
              <span>{contact.address}</span>
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
