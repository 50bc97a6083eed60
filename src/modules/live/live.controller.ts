import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { decode } from 'jsonwebtoken';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, SessionOnly } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { stopCounting } from '../../common/http/in-flight';
import { AppConfig } from '../../config/app-config';
import { LiveChangeDto } from './dto/live-change.dto';
import { LiveService } from './live.service';
import { EventSink } from './sse';

const DESCRIPTION =
  'Server-Sent Events: one `change` event per committed change the caller may see (`id:` an opaque cursor to echo, ' +
  '`data`: a `LiveChangeDto` (`{"entityType","entityId","parentId"?,"action","userId","at"}`), ids only: refetch through the ordinary endpoints). ' +
  'The stream begins with `ready` (its `id:` the current cursor). A reconnect with `Last-Event-ID` first receives what ' +
  'it missed (at most 500 events), or one `reset` (refetch everything) when more were missed, or the cursor is unknown, ' +
  'older than a day or from before a restore. ' +
  'A `: keep-alive` comment every 25 s. The server ends the stream with an `end` event `{reason}` when the session is ' +
  'revoked (`revoked`), the access token expires (`expired`), the permissions change (`permissions`), the user opens ' +
  'an 11th stream on any instance (`limit`, the oldest is closed), the client reads too slowly (`slow`) or the instance stops ' +
  '(`restart`); reconnect with a fresh token and `Last-Event-ID`. More than 30 opens a minute, or an instance serving ' +
  'its most streams, is 429 with `Retry-After`. Protocol: docs/live.md.';

@ApiTags('Live changes')
@ApiExtraModels(LiveChangeDto)
@ApiBearerAuth()
@ApiProblems(401, 403)
@SessionOnly()
@Controller('events')
export class LiveController {
  constructor(
    private readonly live: LiveService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Live changes of what the caller can see (text/event-stream)', description: DESCRIPTION })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'the `id:` of the last event received, to resume after a cut' })
  @ApiOkResponse({
    description: 'an open event stream',
    content: {
      'text/event-stream': {
        schema: {
          type: 'string',
          example:
            'id: -mcYttyYISMeBAfdRHFT_yPhIKmF3Lawo7SHI92V1nBa67Jke2fFTCIOVFloruHlFgBz0w\nevent: change\ndata: ' +
            '{"entityType":"NoteItem","entityId":"0193…","parentId":"0193…","action":"Updated","userId":"0193…","at":"2026-11-26T15:04:05.123Z"}\n\n',
        },
      },
    },
  })
  @ApiProblems(429, 503)
  async events(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.live.admit(user);
    // the guard verified the token: its expiry ends the stream
    const exp = (decode(authorization.slice('Bearer '.length).trim()) as { exp?: number } | null)?.exp;
    const expiresAt = exp ? exp * 1000 : Date.now() + this.config.jwt.accessTtlSeconds * 1000;
    reply.hijack();
    // the client left while the stream was admitted: no stream, its place given back
    if (reply.raw.destroyed) return this.live.cancel();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies pass each event on at once instead of buffering the response
      'x-accel-buffering': 'no',
      // the connection ends with the stream: never left idle in a client's pool, never holding a shutdown
      connection: 'close',
    });
    raw.flushHeaders();
    stopCounting(raw);
    raw.socket?.setNoDelay(true);
    const sink: EventSink = {
      write: (chunk) => !raw.writableEnded && raw.write(chunk),
      end: () => raw.end(),
      get buffered() {
        return raw.writableLength;
      },
      onClose: (listener) => raw.once('close', listener),
    };
    await this.live.open({ ...user, expiresAt }, sink, lastEventId);
  }
}
