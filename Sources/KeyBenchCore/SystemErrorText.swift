import Foundation

/// One sentence for a failed file operation: the system's reason (`No space left on device`,
/// `Permission denied`) instead of Foundation's NSCocoaErrorDomain dump.
public enum SystemErrorText {
  public static func reason(_ error: any Error) -> String {
    var current: NSError? = error as NSError
    while let error = current {
      if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
      current = error.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    let error = error as NSError
    guard error.domain == NSCocoaErrorDomain else { return error.localizedDescription }
    switch error.code {
    case NSFileWriteOutOfSpaceError: return "no space left on the device"
    case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
    case NSFileWriteVolumeReadOnlyError: return "read-only file system"
    case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
    default: return error.localizedDescription
    }
  }
}
