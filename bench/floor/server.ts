/**
 * The floor of `npm run bench:ab`: the least a NestJS application on this stack can do for
 * `GET /markers`, to tell what Nest's own request pipeline costs from what Hearth adds to it
 * (docs/performance.md, "What Nest itself costs"). It does the bare server's work
 * (bench/bare/common.ts: the same Fastify instance and headers, token and session check, SQL,
 * `JSON.stringify` and problem details), but the way any Nest application must: a controller
 * behind Nest's router, one global guard, Nest's stock `ValidationPipe` on Hearth's own query DTO
 * (class-validator and class-transformer) and one exception filter. Nothing else: no request
 * context, no logger, no response schemas, no interceptors, no TypeORM.
 *
 * Run as its own process by bench/run.ts (the `markers` and `invalid` scenarios, a third server
 * beside Hearth and the bare one) and by `npm run bench:ab -- floor bare PATH`, with Hearth's
 * environment (DATABASE_URL, JWT_*) and PORT; FLOOR_PIPE=none leaves the validation pipe out
 * (the bare server's hand-written check instead), to tell the pipe's cost from the router's.
 */
// the service's V8 memory settings, as Hearth runs under them (docs/performance.md, "Method")
import { releaseStartupMemory } from '../../src/memory';
import 'reflect-metadata';
import {
  ArgumentsHost,
  CanActivate,
  Catch,
  Controller,
  ExceptionFilter,
  ExecutionContext,
  Get,
  Module,
  Query,
  Req,
  Res,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageQuery } from '../../src/common/pagination/pagination';
import { authorize, Claims, FieldError, hearthFastify, intParam, markerDto, problem, Refusal, run, send } from '../bare/common';
import * as sql from '../bare/statements';

/** A refusal thrown to the filter, without a stack trace (as Hearth's AppError for a 4xx: capturing one is most of an error's cost). */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(refusal.code);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

type AuthedRequest = FastifyRequest & { user: Claims };

/** Every route needs the Map module (the floor serves only markers). */
class AuthGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (request.url === '/health') return true;
    const result = await authorize(request.headers.authorization, 'Map');
    if ('status' in result) throw new Refused(result);
    request.user = result;
    return true;
  }
}

@Catch()
class ProblemFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof Refused) {
      const r = exception.refusal;
      problem(request, reply, r.status, r.title, r.code, r.detail, r.errors);
    } else {
      problem(request, reply, 500, 'Internal Server Error', 'INTERNAL', 'Unexpected error');
    }
  }
}

function fieldErrors(errors: ValidationError[]): FieldError[] {
  return errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => ({ field: error.property, message })));
}

/** FLOOR_PIPE=none: no validation pipe, the bare server's hand-written check instead (to tell the pipe's cost from the router's). */
const WITH_PIPE = process.env.FLOOR_PIPE !== 'none';

function parsePage(query: Record<string, unknown>): PageQuery {
  const page = intParam(query.page, 1, 1, 1_000_000);
  const pageSize = intParam(query.pageSize, 20, 1, 100);
  if (page === null || pageSize === null) {
    const errors: FieldError[] = [];
    if (page === null) errors.push({ field: 'page', message: 'page must not be greater than 1000000' });
    if (pageSize === null) errors.push({ field: 'pageSize', message: 'pageSize must not be greater than 100' });
    throw new Refused({ status: 400, title: 'Bad Request', code: 'VALIDATION_FAILED', detail: 'Request validation failed', errors });
  }
  return { page, pageSize };
}

@Controller()
class MarkersController {
  @Get('health')
  health() {
    return { ok: true };
  }

  @Get('api/v1/markers')
  async list(@Req() request: AuthedRequest, @Res() reply: FastifyReply, @Query() input: PageQuery) {
    const query = WITH_PIPE ? input : parsePage(input as unknown as Record<string, unknown>);
    const rows = await run(sql.MARKERS_PAGE_DEFAULT, [request.user.GroupId, query.pageSize, (query.page - 1) * query.pageSize]);
    const total = rows[0].total;
    const items = rows[0].id === null ? [] : rows.map((row) => markerDto(row, row.image_count, null));
    return send(reply, { items, page: query.page, pageSize: query.pageSize, totalItems: total, totalPages: Math.ceil(total / query.pageSize) });
  }
}

@Module({ controllers: [MarkersController] })
class FloorModule {}

async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(FloorModule, new FastifyAdapter(hearthFastify() as never), { logger: false });
  app.useGlobalGuards(new AuthGuard());
  if (WITH_PIPE)
    app.useGlobalPipes(
      new ValidationPipe({
        whitelist: true,
        forbidNonWhitelisted: true,
        transform: true,
        validationError: { target: false, value: false },
        exceptionFactory: (errors) =>
          new Refused({ status: 400, title: 'Bad Request', code: 'VALIDATION_FAILED', detail: 'Request validation failed', errors: fieldErrors(errors) }),
      }),
    );
  app.useGlobalFilters(new ProblemFilter());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  releaseStartupMemory();
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
