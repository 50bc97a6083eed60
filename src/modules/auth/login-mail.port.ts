/**
 * What sign-in needs from the mail side: re-send the confirmation email when an unconfirmed user
 * tries to log in. Provided by the global EmailConfirmationsModule (durable mail, with cooldown).
 */
export abstract class ConfirmationResender {
  abstract resendOnLogin(userId: string): Promise<void>;
}
