import type { Metadata } from 'next';
import { ContactForm } from '../../components/contact/contact-form';
import { messages } from '../../lib/messages';

export const metadata: Metadata = {
  title: messages.contact.metaTitle,
  description: messages.contact.metaDescription,
};

export default function ContactPage() {
  return (
    <>
      <h1>{messages.contact.title}</h1>
      <p className="intro">{messages.contact.intro}</p>
      <ContactForm />
    </>
  );
}
