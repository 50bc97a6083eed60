import type { CaptchaProvider as CaptchaProviderName } from '../../config/app-config';

/**
 * One way of telling humans from bots. `verify` answers false for anything but a proven success:
 * malformed input, a replay, a provider error or a timeout all refuse (fail closed).
 */
export abstract class CaptchaProvider {
  abstract readonly name: CaptchaProviderName;
  abstract verify(response: string, remoteIp: string | null): Promise<boolean>;
}
