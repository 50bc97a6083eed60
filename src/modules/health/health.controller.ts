import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../common/auth/decorators';
import { AppError } from '../../common/errors/app-error';
import { Problem } from '../../common/errors/problem';

@ApiTags('Health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'The process is up' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'The database is reachable' })
  @ApiOkResponse({ schema: { example: { status: 'ok', info: { database: { status: 'up' } } } } })
  @ApiServiceUnavailableResponse({ type: Problem })
  async ready() {
    try {
      return await this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
    } catch {
      throw new AppError(503, 'NOT_READY', 'The database is not reachable');
    }
  }
}
