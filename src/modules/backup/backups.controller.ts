import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { BACKUP_NAME } from './backup-format';
import { BackupsService } from './backups.service';
import { BackupListDto, BackupStartedDto } from './dto/backup.dto';

@ApiTags('Administration')
@ApiBearerAuth()
@Roles('Admin')
@ApiProblems(401, 403)
@Controller('backups')
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Get()
  @ApiOperation({
    summary: 'List backup archives in BACKUP_DIR, newest first (Admin)',
    description: 'With whether a backup is queued or running, and `lastError` when the last finished run failed.',
  })
  @ApiOkResponse({ type: BackupListDto })
  list(): Promise<BackupListDto> {
    return this.backups.list();
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Start a backup now (Admin)',
    description: 'Runs as a job on one instance; the archive appears in the list when complete. 409 BACKUP_IN_PROGRESS while one is queued or running.',
  })
  @ApiAcceptedResponse({ type: BackupStartedDto })
  @ApiProblems(409)
  start(): Promise<BackupStartedDto> {
    return this.backups.start();
  }

  @Get(':name')
  @ApiOperation({ summary: 'Download a backup archive (Admin)', description: 'Streamed. Only names of the list are served (404 otherwise).' })
  @ApiParam({ name: 'name', description: 'a name from GET /backups', schema: { type: 'string', pattern: BACKUP_NAME.source } })
  // the archive's type on the 200 only (ApiProduces would give the 404's problem details that type too)
  @ApiOkResponse({ description: 'the archive', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblems(404)
  async download(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const { stream, size } = await this.backups.open(name);
    reply.header('content-type', 'application/gzip');
    reply.header('content-length', String(size));
    reply.header('content-disposition', `attachment; filename="${name}"`);
    reply.header('cache-control', 'no-store');
    return reply.send(stream);
  }
}
