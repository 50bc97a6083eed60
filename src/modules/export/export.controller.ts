import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ExportService } from './export.service';

@ApiTags('Account')
@ApiBearerAuth()
@ApiProblems(401)
@Controller('account')
export class ExportController {
  constructor(
    private readonly exports: ExportService,
    private readonly clock: Clock,
  ) {}

  @Get('export')
  @ApiOperation({
    summary: 'Export my data (zip)',
    description:
      'Streamed zip of what the caller can see, per module of the group: budget/transactions.csv, categories.csv, accounts.csv, recurring.csv; ' +
      "map/markers.geojson with the original images under map/images/ (trash excluded); notes/*.md (own private notes included, other members' never). " +
      "CSV is UTF-8 with a header row and RFC 4180 quoting; text cells starting with = + - @ tab or CR are prefixed with '.",
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'the zip archive', schema: { type: 'string', format: 'binary' } })
  async export(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    const stream = await this.exports.zip(user);
    const day = this.clock.now().toISOString().slice(0, 10);
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', `attachment; filename="hearth-export-${day}.zip"`);
    reply.header('cache-control', 'no-store');
    return reply.send(stream);
  }
}
