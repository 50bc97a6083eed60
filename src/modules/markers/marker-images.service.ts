import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
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

  async removeAllOf(_manager: EntityManager, _markers: Marker[]): Promise<string[]> {
    return [];
  }

  async removeFiles(_fileIds: string[]): Promise<void> {}
}
