import { useEffect, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { ChatIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { contact, site } from '../../../config/site';
import { useUser } from '../../../lib/auth';
import { useSiteSettings } from '../api/get-site-settings';
import '../content-pages.css';

const emptyForm = { name: '', email: '', message: '' };
type ContactForm = typeof emptyForm;
type ContactErrors = Partial<Record<keyof ContactForm, string>>;

function contactErrors(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = 'Please enter your name';
  if (!form.email.trim()) errors.email = 'Please enter your email';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Please enter a valid email';
  return errors;
}

/** The message as an email to support, ready in the visitor's own mail app. */
const mailtoLink = (form: ContactForm) =>
  `mailto:${contact.email}?subject=${encodeURIComponent(`Message from ${form.name.trim()}`)}&body=${encodeURIComponent(
    `${form.message.trim()}\n\n${form.name.trim()} <${form.email.trim()}>`,
  )}`;

/**
 * The contact page: a form whose Send opens the visitor's mail app with the message (the shop
 * has no contact endpoint), and the static contact details. The form keeps what was typed. Asked
 * about an order ("Need help with this order?"), the message starts with its order ID.
 */
export function ContactPage({ orderId }: { orderId?: string }) {
  const { data: settings } = useSiteSettings();
  const { data: user } = useUser();
  const [form, setForm] = useState<ContactForm>(() => ({ ...emptyForm, message: orderId ? `About my order ${orderId}: ` : '' }));
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
    window.location.assign(mailtoLink(form));
  };

  return (
    <div className="container page content-page">
      <div className="content-head">
        <p className="eyebrow">Contact us</p>
        <h1>Talk to us, every day {site.supportHours}</h1>
        <p className="lead">Questions about an order, a code or your wallet? Write to us or call, and have your order ID ready.</p>
      </div>
      <div className="contact-layout">
        <form className="panel contact-form" onSubmit={submit} noValidate aria-label="Contact form">
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={form.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <div className="form-field">
            <label htmlFor="contact-message">Message</label>
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
            Send message
          </button>
          {sentBy && (
            <div className="notice notice-ok" role="status">
              Thank you, {sentBy}. Your email app has opened with your message to {contact.email}: press Send there. If it did not open,
              write to us at that address; your message is still in the form.
            </div>
          )}
        </form>
        <aside className="panel contact-details" aria-label="Contact details">
          <h2>Contact details</h2>
          <ul>
            {settings?.phone && (
              <li>
                <PhoneIcon size={20} />
                <span>
                  <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>{settings.phone}</a>
                  <small>{site.supportHours}</small>
                </span>
              </li>
            )}
            <li>
              <MailIcon size={20} />
              <span>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
                <small>We answer within a day</small>
              </span>
            </li>
            {settings?.messenger_link && (
              <li>
                <ChatIcon size={20} />
                <span>
                  <a href={settings.messenger_link} target="_blank" rel="noopener noreferrer">
                    Messenger
                  </a>
                  <small>Fastest for order questions</small>
                </span>
              </li>
            )}
            <li>
              <ClockIcon size={20} />
              <span>
                Every day, {site.supportHours}
                <small>Bangladesh time</small>
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
