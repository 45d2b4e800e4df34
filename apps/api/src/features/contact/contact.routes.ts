import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBodySchema, DetailSchema, ValidationErrorSchema } from '@portal/contract';
import { langOf, t } from '../../plugins/i18n';
import { enqueueMail } from '../../plugins/mailer';
import { LIMITS, ipKey } from '../../plugins/rate-limit';
import { contactAcknowledgementMail, contactStaffMail } from './contact.mails';
import { insertContactMessage } from './contact.repo';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, rateLimiter, recaptcha } = app;

  app.post(
    '/api/contact-us/',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Contact form: stored, mailed to the staff, acknowledged to the sender (reCAPTCHA action "contact")',
        body: ContactBodySchema,
        response: { 201: DetailSchema, 400: ValidationErrorSchema, 403: DetailSchema, 429: DetailSchema },
      },
    },
    async (req, reply) => {
      const body = req.body;
      await rateLimiter.consume(LIMITS.contactIp, ipKey(req.ip));
      await rateLimiter.consume(LIMITS.contactAccount, body.email);
      await recaptcha.require(body.recaptcha, 'contact', req.ip);
      await db.transaction(async (tx) => {
        const id = await insertContactMessage(tx, { ...body, ip: req.ip });
        // The message, the staff's copy and the sender's acknowledgement: all three or none.
        await enqueueMail(tx, contactStaffMail(config.STAFF_EMAIL, id, body));
        await enqueueMail(tx, contactAcknowledgementMail(body.email, id, body));
        req.log.info({ event: 'contact', contactId: id, reason: body.reason }, 'contact message stored');
      });
      return reply.code(201).send({ detail: t(langOf(req), 'contactSent') });
    },
  );
};
