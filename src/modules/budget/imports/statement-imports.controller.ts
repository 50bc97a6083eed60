import { Body, Controller, Headers, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';
import { ApiProblems } from '../../../common/http/api-problems';
import { UuidParam } from '../../../common/validation/uuid-param';
import { STATEMENT_CONTENT_TYPES } from './content-types';
import { CommitImportDto, CommitResultDto, ImportQuery, StatementImportDto } from './statement-import.dto';
import { StatementImportsService } from './statement-imports.service';

@ApiTags('Budget: statement import')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller()
export class StatementImportsController {
  constructor(private readonly imports: StatementImportsService) {}

  @Post('budget-accounts/:budgetAccountId/imports')
  @ApiOperation({
    summary: 'Preview a bank statement (CSV, OFX/QFX, CAMT.052/053/054, QIF) for an account; kept 24 h for commit',
    description:
      'The file is the raw body (at most 5 MiB, else 413 PAYLOAD_TOO_LARGE). Its format, encoding, CSV delimiter, decimal separator ' +
      'and date format are detected (docs/import.md). A file that cannot be read: 400 UNSUPPORTED_FORMAT, EMPTY_STATEMENT, ' +
      "MALFORMED_STATEMENT (also: elements nested deeper than 64), UNMAPPED_COLUMNS (with the file's `columns`), AMBIGUOUS_DATE, or " +
      'STATEMENT_TOO_LARGE (more than 20 000 rows, a line of more than 200 columns, an OFX/CAMT file of more than 250 000 elements), ' +
      'with the `line`. Bad rows are listed in `errors` (the first 100; `errorCount` has them all); the others are previewed with ' +
      'duplicates marked and categories suggested. A group keeps its 20 latest previews; an older one expires. A body that is not ' +
      'one of the statement types (JSON, for instance) is 415 UNSUPPORTED_MEDIA_TYPE.',
  })
  @ApiConsumes(...STATEMENT_CONTENT_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ type: StatementImportDto })
  @ApiProblems(400, 404, 413, 415)
  preview(
    @CurrentUser() user: AuthUser,
    @UuidParam('budgetAccountId') accountId: string,
    @Query() query: ImportQuery,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<StatementImportDto> {
    // the statement body parser (app.factory) hands the bytes through; any JSON body is not a statement
    if (!Buffer.isBuffer(body))
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the statement as the raw body with one of: ${STATEMENT_CONTENT_TYPES.join(', ')}`);
    return this.imports.preview(user, accountId, body, contentType ?? '', query);
  }

  @Post('imports/:importId/commit')
  @ApiOperation({
    summary: 'Create the previewed rows as transactions, all or none',
    description:
      'Rows not listed keep their defaults: included, unless marked duplicateOf. An included row takes the given category, else the ' +
      'suggestion; one without either is 400 naming the row. Rows already imported into the account are skipped, so a second commit creates nothing.',
  })
  @ApiCreatedResponse({ type: CommitResultDto })
  @ApiProblems(400, 404)
  commit(@CurrentUser() user: AuthUser, @UuidParam('importId') importId: string, @Body() dto: CommitImportDto): Promise<CommitResultDto> {
    return this.imports.commit(user, importId, dto);
  }
}
