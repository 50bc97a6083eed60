/**
 * Every setting of the service, parsed from the environment once at boot. A bad value never
 * starts the process: all problems are collected and reported together.
 */
type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback?: string): string {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) {
      this.problems.push(`${name} is required`);
      return '';
    }
    return value;
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer between ${min} and ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
      return fallback;
    }
    return value as T;
  }

  url(name: string, protocols: string[], fallback?: string): string {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) {
      this.problems.push(`${name} is required`);
      return '';
    }
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol.replace(':', ''))) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      this.problems.push(`${name} must be a URL`);
    }
    return value;
  }

  list(name: string, fallback: string[]): string[] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
}
