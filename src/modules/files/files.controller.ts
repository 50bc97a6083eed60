import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { FileStatusDto } from './dto/file-status.dto';
import { FilesService } from './files.service';

@ApiTags('Files')
@ApiBearerAuth()
@ApiProblems(401)
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get(':fileId/status')
  @ApiOperation({
    summary: 'Processing status of an uploaded image',
    description: 'Marker images of the caller’s group and the caller’s own profile pictures; any other id is 404.',
  })
  @ApiOkResponse({ type: FileStatusDto })
  @ApiProblems(400, 404)
  async status(@CurrentUser() user: AuthUser, @UuidParam('fileId') fileId: string): Promise<FileStatusDto> {
    const file = await this.files.status(fileId, user);
    return {
      id: file.id,
      category: file.category,
      status: file.status,
      ...(file.error ? { error: file.error } : {}),
      updatedDate: file.updatedDate,
    };
  }
}
