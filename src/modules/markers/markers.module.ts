import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { MarkerImage } from './entities/marker-image.entity';
import { Marker } from './entities/marker.entity';
import { MarkerImagesController } from './marker-images.controller';
import { MarkerImagesService } from './marker-images.service';
import { MarkerTrashService } from './marker-trash.service';
import { MarkersController } from './markers.controller';
import { MarkerImagesRepository } from './marker-images.repository';
import { MarkersRepository } from './markers.repository';
import { MarkersService } from './markers.service';
import { PlacesSearch } from './places-search';

/** The Map module's markers, their images and the trash. */
@Module({
  imports: [TypeOrmModule.forFeature([Marker, MarkerImage]), FilesModule],
  controllers: [MarkersController, MarkerImagesController],
  providers: [MarkersService, MarkerImagesService, MarkerTrashService, MarkersRepository, MarkerImagesRepository, PlacesSearch],
  exports: [MarkerTrashService, PlacesSearch],
})
export class MarkersModule {}
