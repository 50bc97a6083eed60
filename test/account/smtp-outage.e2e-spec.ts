import { ACCOUNT_ENV, register } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { freePort, startMailServer, TestMailServer, tokenFromMail } from '../support/mail';
import { waitFor } from '../support/wait';

/** An SMTP outage delays mail but never fails the request or loses the mail. */
describe('mail during an SMTP outage', () => {
  let port: number;
  let t: TestApp;
  let mail: TestMailServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ ...ACCOUNT_ENV, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1' });
  });
  afterAll(async () => {
    await t.close();
    await mail?.stop();
  });

  it('registers (201) while SMTP is down and delivers the mail once SMTP is back', async () => {
    const { response, registration } = await register(t);
    expect(response.statusCode).toBe(201);

    // the worker tried and failed: the job waits for its retry
    const job = await waitFor(async () => {
      const [row] = await t.db.query(`SELECT id, state, retry_count FROM pgboss.job WHERE name = 'mail-send' AND data->>'to' = $1`, [registration.email]);
      // each failed attempt puts the job back in 'retry' (it may briefly be 'active' again)
      return row?.retry_count >= 1 && row.state === 'retry' ? row : undefined;
    });
    expect(job.state).toBe('retry');

    mail = await startMailServer(port);
    const delivered = await mail.waitForMail(registration.email, { timeoutMs: 20_000 });
    expect(tokenFromMail(delivered, 'confirm-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await waitFor(async () => (await t.db.query('SELECT state FROM pgboss.job WHERE id = $1', [job.id]))[0].state === 'completed');
    expect(mail.mailsTo(registration.email)).toHaveLength(1);
  });
});
