import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateUploadDto, UploadTicketDto } from '../files/dto/upload.dto';
import { ConfirmedMarkerImageDto, ReorderMarkerImagesDto } from './dto/marker-image-input.dto';
import { MarkerImageDto } from './dto/marker-image.dto';
import { MarkerImagesService } from './marker-images.service';

@ApiTags('Marker images')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Map')
@Controller('markers/:markerId/images')
export class MarkerImagesController {
  constructor(private readonly images: MarkerImagesService) {}

  @Get()
  @ApiOperation({
    summary: "The marker's images in order",
    description: 'Completed images carry short-lived signed URLs (image and thumbnail); others show their processing status.',
  })
  @ApiOkResponse({ type: [MarkerImageDto] })
  @ApiProblems(400, 404)
  list(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string): Promise<MarkerImageDto[]> {
    return this.images.list(user, markerId);
  }

  @Post()
  @ApiOperation({
    summary: 'Get an upload URL for a new image',
    description:
      'PUT the bytes to `uploadUrl` with `headers`, then confirm. JPEG, PNG or WebP up to MAX_IMAGE_BYTES (413); ' +
      'at most MAX_MARKER_IMAGES images a marker, unconfirmed uploads included (409 IMAGE_LIMIT).',
  })
  @ApiCreatedResponse({ type: UploadTicketDto })
  @ApiProblems(400, 404, 409, 413)
  createUpload(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @Body() body: CreateUploadDto): Promise<UploadTicketDto> {
    return this.images.createUpload(user, markerId, body);
  }

  @Patch('order')
  @ApiOperation({ summary: 'Reorder the images', description: "`imageIds` must be exactly the marker's image ids, each once (else 400 INVALID_ORDER)." })
  @ApiOkResponse({ type: [MarkerImageDto] })
  @ApiProblems(400, 404)
  reorder(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @Body() body: ReorderMarkerImagesDto): Promise<MarkerImageDto[]> {
    return this.images.reorder(user, markerId, body.imageIds);
  }

  @Patch(':imageId/confirm')
  @ApiOperation({
    summary: 'Confirm an uploaded image',
    description:
      'The object must exist, have the declared size and be a real image of the declared type (else 400 UPLOAD_INVALID). ' +
      'Processing (metadata stripped, thumbnail) then runs in the background: follow it with GET /files/{fileId}/status.',
  })
  @ApiOkResponse({ type: ConfirmedMarkerImageDto })
  @ApiProblems(400, 404, 409)
  confirm(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @UuidParam('imageId') imageId: string): Promise<ConfirmedMarkerImageDto> {
    return this.images.confirm(user, markerId, imageId);
  }

  @Delete(':imageId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an image and its stored objects' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @UuidParam('imageId') imageId: string): Promise<void> {
    await this.images.remove(user, markerId, imageId);
  }
}
