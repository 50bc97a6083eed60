import { Injectable } from '@nestjs/common';
import { MarkerImageDto } from './dto/marker-image.dto';
import { Marker } from './entities/marker.entity';

export interface ImageSummary {
  imageCount: number;
  coverThumbnailUrl: string | null;
}

// TODO(images): placeholder until the files module lands
@Injectable()
export class MarkerImagesService {
  async summaries(_groupId: string, _markerIds: string[]): Promise<Map<string, ImageSummary>> {
    return new Map();
  }

  async listFor(_marker: Marker): Promise<MarkerImageDto[]> {
    return [];
  }
}
