import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Marker } from './entities/marker.entity';
import { MarkerImagesService } from './marker-images.service';
import { MarkerTrashService } from './marker-trash.service';
import { MarkersController } from './markers.controller';
import { MarkersService } from './markers.service';

/** The Map module's markers, their images and the trash. */
@Module({
  imports: [TypeOrmModule.forFeature([Marker])],
  controllers: [MarkersController],
  providers: [MarkersService, MarkerImagesService, MarkerTrashService],
})
export class MarkersModule {}
